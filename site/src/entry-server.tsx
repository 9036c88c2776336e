import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app';

/**
 * A public page's HTML at `url`, rendered at build time by scripts/prerender.ts: every lazy part
 * the page shows is waited for, live data (workshops, prices, seats) renders as its placeholder
 * (lib/store.ts), exactly what hydration renders first in the browser.
 */
export async function renderPage(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    {
      onError: (err) => void errors.push(err),
      // Every part inline, where it belongs: never a large part moved to the end of the page for
      // a script to put back (that script would not run without JavaScript, nor under our CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
