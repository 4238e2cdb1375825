export default function PurchaseArea() {
  return <p>Carregando...</p>;
}
