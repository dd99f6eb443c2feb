export default function DashboardPage() {
  return (
    <main className="container py-5">
      <h1>Dashboard - Messages Reçus</h1>
    </main>
  );
}
