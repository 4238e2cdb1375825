export function BookingDetailsPage() {
  return <h1>BookingDetailsPage</h1>;
}
