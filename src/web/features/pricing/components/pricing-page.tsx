export function PricingPage() {
  return (
    <>
      <title>Pricing · Draftsmith</title>
      <section className="mx-auto max-w-6xl px-4 py-24 text-center">
        <h1 className="font-bold text-4xl tracking-tight">Plans and pricing</h1>
      </section>
    </>
  );
}
