export default function LoginPage() {
  return (
    <main className="container py-5">
      <h1>Connexion</h1>
    </main>
  );
}
