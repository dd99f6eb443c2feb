/** The popup catalogue of spec section 8, word for word. */
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
