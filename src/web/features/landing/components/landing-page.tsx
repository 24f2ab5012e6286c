export function LandingPage() {
  return (
    <>
      <title>Home · Draftsmith</title>
      <section className="mx-auto max-w-6xl px-4 py-24 text-center">
        <h1 className="font-bold text-4xl tracking-tight">AI Assistant for Developers &amp; Writers</h1>
      </section>
    </>
  );
}
