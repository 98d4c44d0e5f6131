/** Stands in for a screen of the route table whose issue has not landed yet. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="muted">This screen is being built.</p>
    </main>
  );
}
