/**
 * The server really stops and starts again (issue 26): a member reading a conversation keeps it
 * on screen while the server is gone, sees that the link is being restored, and once the same
 * server is back on the same address (same data), a message written meanwhile appears by itself,
 * without a tap. The flow runs its own server (the run's is shared by every other flow), with the
 * run's mail catcher and build, on a port of its own that the restart reuses.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openChat } from './support/chats.js';
import { callApi, createMemberViaApi, signedInPage } from './support/members.js';
import {
  freePort,
  makeTempDir,
  startServer,
  type RunningServer,
} from './support/server-process.js';

const RECONNECTING = 'Reconnexion en cours...';

const dataDir = makeTempDir('restart');
let server: RunningServer | null = null;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server stopped and started again', () => {
  // Two server starts on a loaded machine: more than the default minute.
  it(
    'leaves the open conversation on screen, then brings what was written meanwhile, untapped',
    { timeout: 150_000 },
    async () => {
      const port = await freePort();
      const start = () => startServer({ dataDir, port, env: inject('serverEnv') });
      server = await start();
      const origin = server.baseUrl;
      const [awa, moussa] = await Promise.all([
        createMemberViaApi('Awa', 'femme', undefined, origin),
        createMemberViaApi('Moussa', 'homme', undefined, origin),
      ]);
      const chatId = await openChat(moussa, awa, 'Bonsoir Awa', 'Bonsoir Moussa !', origin);

      const page = await signedInPage(awa);
      await page.goto(`${origin}/chat/${chatId}`);
      const messages = page.getByTestId('message-list');
      await messages.getByText('Bonsoir Awa').waitFor();

      // SIGTERM: the process ends cleanly with a member connected (its sockets cut, not told to
      // give up); the page keeps the conversation and says the link is being restored.
      const exit = await server.process.stop();
      expect(exit).toEqual({ code: 0, signal: null });
      server = null;
      await page.getByText(RECONNECTING).waitFor({ timeout: 20_000 });
      expect(await messages.getByText('Bonsoir Awa').isVisible()).toBe(true);

      // The same server again: same data, same address.
      server = await start();
      await callApi(
        '/messages/text',
        { chat_id: chatId, content: 'Tu es revenue ?' },
        moussa.token,
        origin,
      );

      // No tap, no reload: the page finds the server and the message arrives.
      await messages.getByText('Tu es revenue ?').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByText(RECONNECTING).count(), { timeout: 15_000 }).toBe(0);
    },
  );
});
