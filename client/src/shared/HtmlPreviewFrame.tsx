/**
 * A rendered template (receipt, invoice, mail) shown as the page it makes. The HTML goes into a
 * srcdoc frame with an empty sandbox: no scripts, no forms, an origin of its own, and it keeps the
 * page's Content-Security-Policy, which frames nothing from blob: or other hosts.
 */
export function HtmlPreviewFrame({ html, title }: { html: string; title: string }) {
  return <iframe className="template-preview" title={title} sandbox="" srcDoc={html} />;
}
