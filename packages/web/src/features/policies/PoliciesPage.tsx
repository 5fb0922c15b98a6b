export default function PoliciesPage() {
  return <h1>Politiques &amp; Conditions d'utilisation</h1>;
}
