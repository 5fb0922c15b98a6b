/**
 * Lets the simulated page load `blob:` URLs (happy-dom's fetch knows no such scheme): the app
 * shows a picked photo through URL.createObjectURL, and the crop editor needs it to load.
 * The bytes come from Node's own registry of object URLs, where URL.createObjectURL put them.
 */
import { resolveObjectURL } from 'node:buffer';

interface HappyDomWindow {
  happyDOM: {
    settings: {
      fetch: {
        interceptor: {
          beforeAsyncRequest(context: { request: Request }): Promise<Response | undefined>;
        } | null;
      };
    };
  };
}

function isHappyDom(win: object): win is HappyDomWindow {
  return 'happyDOM' in win;
}

export function serveBlobUrls(): void {
  if (!isHappyDom(window)) return;
  window.happyDOM.settings.fetch.interceptor = {
    async beforeAsyncRequest({ request }) {
      if (!request.url.startsWith('blob:')) return undefined;
      const blob = resolveObjectURL(request.url);
      if (!blob) return new Response(null, { status: 404 });
      return new Response(await blob.arrayBuffer(), { headers: { 'content-type': blob.type } });
    },
  };
}
