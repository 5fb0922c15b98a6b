/**
 * French e-mail templates: a plain-text part and a small inline-styled HTML part (mail clients
 * ignore style sheets). Every interpolated value is escaped in the HTML.
 */
import { OTP_TTL_MIN } from '@app/shared';
import { escapeHtml } from './html.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface CodeMailParts {
  subject: string;
  intro: string;
  code: string;
  outro: string;
}

/** A mail that carries a 6-digit code (sign-up, password reset, account deletion). */
export function codeMail({ subject, intro, code, outro }: CodeMailParts): MailContent {
  const validity = `Ce code est valable ${OTP_TTL_MIN} minutes.`;
  const text = [
    'Bonjour,',
    '',
    intro,
    '',
    `    ${code}`,
    '',
    validity,
    outro,
    '',
    "L'équipe Rencontre",
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">Bonjour,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(code)}</p>
<p style="margin:0 0 8px">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;color:#666">${escapeHtml(outro)}</p>
<p style="margin:0;color:#666">L'équipe Rencontre</p>
</div></body></html>`;
  return { subject, text, html };
}

/** The 6-digit code that verifies the e-mail address after sign-up. */
export function otpMail(code: string): MailContent {
  return codeMail({
    subject: 'Votre code de vérification Rencontre',
    intro: 'Voici votre code de vérification Rencontre :',
    code,
    outro: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
  });
}

/** The code that lets a member choose a new password. */
export function passwordResetMail(code: string): MailContent {
  return codeMail({
    subject: 'Réinitialisation de votre mot de passe Rencontre',
    intro: 'Voici votre code pour choisir un nouveau mot de passe :',
    code,
    outro:
      "Si vous n'avez pas demandé à changer de mot de passe, ignorez cet e-mail : votre mot de passe actuel reste valable.",
  });
}

interface QuoteMailParts {
  subject: string;
  intro: string;
  /** Label above the quoted text, e.g. 'Votre message :'. */
  label?: string;
  quote: string;
  outro: string;
}

/** A mail that quotes a text (a support ticket, a reply from the team). */
export function quoteMail({ subject, intro, label, quote, outro }: QuoteMailParts): MailContent {
  const text = [
    'Bonjour,',
    '',
    intro,
    '',
    ...(label ? [label] : []),
    quote,
    '',
    outro,
    '',
    "L'équipe Rencontre",
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">Bonjour,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${label ? `<p style="margin:0 0 8px;color:#666">${escapeHtml(label)}</p>\n` : ''}<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #e0245e;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>
<p style="margin:0 0 16px">${escapeHtml(outro)}</p>
<p style="margin:0;color:#666">L'équipe Rencontre</p>
</div></body></html>`;
  return { subject, text, html };
}
