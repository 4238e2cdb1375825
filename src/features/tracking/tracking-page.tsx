export function TrackingPage() {
  return <h1>TrackingPage</h1>;
}
