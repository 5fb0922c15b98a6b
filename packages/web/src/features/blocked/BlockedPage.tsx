export default function BlockedPage() {
  return <h1>Compte bloqué</h1>;
}
