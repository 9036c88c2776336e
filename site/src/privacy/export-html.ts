import { formatDateTime, type PrivacyExport, SITE_NAME } from '@workshop/shared';
import { sections } from './export-summary';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The export as a page to keep (issue 27, point 2: "a readable HTML summary"): a whole document
 * with nothing but text, so it opens anywhere offline, the same lists the confirmation page shows.
 */
export function exportHtml(d: PrivacyExport): string {
  const body = sections(d)
    .map((s) => `<section>\n<h2>${esc(s.title)}</h2>\n<ul>\n${s.lines.map((l) => `<li>${esc(l)}</li>`).join('\n')}\n</ul>\n</section>`)
    .join('\n');
  const title = `Your data at ${SITE_NAME}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;line-height:1.5}h2{font-size:1.1rem;margin-top:1.5rem}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p>Everything held about <strong>${esc(d.email)}</strong> on ${esc(formatDateTime(d.generated_at))}.</p>
${body}
</body>
</html>
`;
}
