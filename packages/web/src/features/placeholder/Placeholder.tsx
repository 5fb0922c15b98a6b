/** A screen whose feature has not landed yet says which feature it awaits. */
export function Placeholder({ title, feature }: { title: string; feature: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="muted">Cet écran arrive avec la fonctionnalité « {feature} ».</p>
    </section>
  );
}

export const placeholder = (title: string, feature: string) => () => (
  <Placeholder title={title} feature={feature} />
);
