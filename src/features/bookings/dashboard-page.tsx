export function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
