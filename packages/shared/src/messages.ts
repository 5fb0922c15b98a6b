/** French texts shared by the server and the web client, word for word from the specification. */
export const MSG = {
  generic: 'Une erreur est survenue.',
  network: 'Erreur de connexion',
  serverConnection: 'Erreur de connexion au serveur',
  requestError: 'Erreur de requête',
  notFound: 'Ressource introuvable',
  routeNotFound: 'Cette adresse n’existe pas.',
  unauthenticated: 'Session invalide. Veuillez vous reconnecter.',
  tokenMissing: 'Token non trouvé. Veuillez vous reconnecter.',
  accountBlocked: 'Votre compte a été bloqué.',
  forbidden: 'Action non autorisée',
  validation: 'Certains champs sont invalides.',
  tooLarge: 'Le fichier est trop volumineux.',
  rateLimited: 'Trop de tentatives. Veuillez patienter avant de réessayer.',
  invalidJson: 'Requête mal formée.',
  offline: 'Vous êtes hors ligne. Vérifiez votre connexion internet.',
} as const;
