/**
 * GET /dev/outbox: the mails the dev outbox caught, as an HTML page (newest first) or as JSON
 * (`?format=json` or `Accept: application/json`; oldest first). Mounted outside /api and only when not in production: the bodies hold codes.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, type AppMailer, type OutboxMessage } from '../../adapters/mail/index.js';
import { allowInlineStyles } from '../../http/security-headers.js';

const ZOutboxQuery = z.object({ format: z.enum(['html', 'json']).optional() });

function renderMessage(m: OutboxMessage): string {
  return `<article style="border:1px solid #ddd;border-radius:6px;padding:12px;margin:0 0 16px">
<p style="margin:0 0 4px"><strong>À :</strong> ${escapeHtml(m.to)}</p>
<p style="margin:0 0 4px"><strong>Objet :</strong> ${escapeHtml(m.subject)}</p>
<p style="margin:0 0 8px;color:#666"><strong>Envoyé le :</strong> ${escapeHtml(m.sentAt.toISOString())}</p>
<pre style="white-space:pre-wrap;background:#f6f6f6;padding:8px;margin:0">${escapeHtml(m.text)}</pre>
</article>`;
}

function renderOutboxPage(mailer: AppMailer): string {
  const messages = mailer.outbox().slice().reverse();
  const body =
    mailer.kind === 'smtp'
      ? '<p>Les e-mails partent par SMTP (SMTP_URL) : la boîte de développement est vide.</p>'
      : messages.length === 0
        ? '<p>Aucun e-mail pour le moment.</p>'
        : messages.map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Boîte d'envoi de développement</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:720px;margin:0 auto;padding:16px">
<h1 style="font-size:20px">Boîte d'envoi de développement (${messages.length})</h1>
${body}
</body></html>`;
}

/** `?format=` wins; otherwise JSON when the client asks for JSON rather than HTML (tests, e2e). */
function wantsJson(format: 'html' | 'json' | undefined, accept: string | undefined): boolean {
  if (format) return format === 'json';
  return /application\/json/.test(accept ?? '') && !/text\/html/.test(accept ?? '');
}

export async function devRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dev/outbox',
      { schema: { hide: true, querystring: ZOutboxQuery } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (wantsJson(req.query.format, req.headers.accept)) {
          // Oldest first, like a log: `.at(-1)` is the latest mail.
          const data = app.deps.mailer
            .outbox()
            .map((m) => ({ ...m, sentAt: m.sentAt.toISOString() }));
          return { success: true, data };
        }
        // The page is styled inline, a dev tool's convenience the app's own pages never use.
        const policy = reply.getHeader('content-security-policy');
        if (policy) reply.header('content-security-policy', allowInlineStyles(policy));
        return reply.type('text/html; charset=utf-8').send(renderOutboxPage(app.deps.mailer));
      },
    );
}
