/** The other side's picture, or its initial when it has none. */
export function Avatar({ name, picture }: { name: string; picture: string }) {
  if (picture) return <img className="msg-avatar" src={picture} alt="" width={44} height={44} />;
  return (
    <span className="msg-avatar msg-avatar-initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
