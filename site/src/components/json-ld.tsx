/**
 * schema.org data for search engines. `<` is escaped so a title typed by an admin can never
 * close the script element early.
 */
export function JsonLd({ data, id }: { data: unknown; id: string }) {
  return <script type="application/ld+json" data-jsonld={id} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
