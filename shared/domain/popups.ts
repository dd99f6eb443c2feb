/** The popups of the original site, word for word (docs/architecture.md). */
export const POPUPS = {
  contactSuccess: {
    title: 'Envoyé !',
    text: 'Envoyé avec succès ! ✅',
    confirmButtonText: "D'accord !",
  },
  contactFailure: {
    title: 'Erreur!',
    textPrefix: "Une erreur s'est produite lors de l'envoi : ",
    confirmButtonText: "D'accord !",
  },
  loginFailure: {
    title: 'Invalid Credentials',
    text: 'Please check your username and password.',
  },
  loginSuccess: {
    title: 'Login Successful!',
    text: (email: string) => `Welcome, ${email}! Redirecting...`,
  },
} as const;
