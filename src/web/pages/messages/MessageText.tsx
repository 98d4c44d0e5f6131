/**
 * A message's text, shown as text: React escapes it, line breaks stay, and http(s)
 * addresses become links that open only when clicked, in a new tab, with no referrer
 * and no ranking credit (docs/messages.md). Nothing else is ever turned into markup.
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

export function MessageText({ text }: { text: string }) {
  const parts: (string | { href: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ href: match[0] });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <p className="msg-text">
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}
