/** A user-entered address shown as a link only when it is http(s); anything else stays text. */
export function SafeLink({ href }: { href: string }) {
  if (!href) return <span className="details-empty">Not added yet</span>;
  if (!/^https?:\/\//i.test(href)) return <>{href}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {href}
    </a>
  );
}
