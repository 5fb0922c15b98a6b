/**
 * French texts of the sign-in screens. Messages of spec 1 §5 and §8 come word for word from
 * AUTH_MSG / MSG in @app/shared; the rest (labels, titles) live here, nowhere else.
 */
import { AUTH_MSG, MSG } from '@app/shared';

export const AUTH_TEXT = {
  ...AUTH_MSG,
  brand: 'Rencontre',
  tagline: 'Rencontres et amitiés au Burkina Faso',
  serverConnection: MSG.serverConnection,
  generic: MSG.generic,
  otpTimeout: "Délai d'attente dépassé...",
  otpNetwork: 'Problème de réseau...',
  connecting: 'Connexion en cours...',

  emailLabel: 'Email',
  emailPlaceholder: 'vous@exemple.com',
  passwordLabel: 'Mot de passe',
  newPasswordLabel: 'Nouveau mot de passe',
  passwordHint: 'Au moins 8 caractères',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  show: 'Afficher',
  hide: 'Masquer',
  or: 'ou',
  google: 'Continuer avec Google',
  googleBusy: 'Redirection vers Google...',

  loginTitle: 'Connexion',
  loginSubtitle: 'Heureux de vous revoir !',
  loginSubmit: 'Se connecter',
  loginBusy: 'Connexion...',
  forgotLink: 'Mot de passe oublié ?',
  noAccount: 'Pas encore de compte ?',
  toSignup: "S'inscrire",

  signupTitle: 'Inscription',
  signupSubtitle: 'Créez votre compte en quelques secondes.',
  signupSubmit: 'Créer mon compte',
  signupBusy: 'Création du compte...',
  invitationToggle: "J'ai un code d'invitation",
  invitationLabel: "Code d'invitation",
  invitationOptional: '(facultatif)',
  termsBefore: 'En vous inscrivant, vous confirmez avoir 18 ans ou plus et acceptez nos ',
  termsLink: "Politiques & Conditions d'utilisation",
  hasAccount: 'Déjà un compte ?',
  toLogin: 'Se connecter',

  otpTitle: 'Vérification',
  otpIntro: 'Entrez le code à 6 chiffres envoyé à',
  otpGroup: 'Code de vérification',
  otpDigit: (n: number) => `Chiffre ${n} sur 6`,
  otpSubmit: 'Vérifier',
  otpBusy: 'Vérification...',
  otpResend: 'Renvoyer le code',
  otpResendBusy: 'Envoi...',
  otpResendIn: (s: number) => `Renvoyer le code dans ${s} s`,
  otpNoMail: "Vous n'avez rien reçu ? Vérifiez vos spams.",
  backToLogin: 'Retour à la connexion',

  forgotTitle: 'Mot de passe oublié',
  forgotIntro:
    'Entrez votre email : nous vous enverrons un code pour choisir un nouveau mot de passe.',
  forgotSubmit: 'Envoyer le code',
  forgotBusy: 'Envoi...',
  resetIntro: 'Entrez le code reçu à',
  codeLabel: 'Code reçu par email',
  resetSubmit: 'Changer le mot de passe',
  resetBusy: 'Enregistrement...',
  changeEmail: "Changer d'email",
  resendCode: 'Renvoyer le code',
} as const;
