/**
 * French texts of the account menu and the profile editor (spec 2 "Account menu", "Profile
 * edit", §8; issue 9). Rule and server messages come word for word from @app/shared.
 */
import {
  ACCOUNT_MSG,
  AUTH_MSG,
  DELETED_MEMBER_NAME,
  MSG,
  PROFILE_MSG,
  PROFILE_PHOTOS_MAX,
  REFERRAL_REWARD_COINS,
  coinCount,
} from '@app/shared';

export const ACCOUNT_TEXT = {
  ...ACCOUNT_MSG,
  ...PROFILE_MSG,
  back: 'Retour',
  close: 'Fermer',
  cancel: 'Annuler',
  network: MSG.network,

  // /profile
  menuTitle: 'Mon compte',
  myCoins: 'Mes pièces',
  coins: (n: number) => `${coinCount(n)} pièces`,
  earnCoins: 'Gagner des pièces',
  noName: 'Membre',
  entries: {
    editProfile: 'Modifier mon profil',
    verifyProfile: 'Vérifier mon profil',
    myAnnouncements: 'Mes annonces',
    purchases: 'Mes achats',
    privacy: 'Confidentialité',
    safety: 'Sécurité',
    support: 'Support',
    policies: 'Politique & CGU',
    invite: 'Inviter des amis',
    anonymous: 'Mode anonyme',
    dataSaver: 'Économie de données',
    prepareOffline: "Préparer l'appli hors connexion",
    deleteAccount: 'Supprimer mon compte',
    logout: 'Déconnexion',
  },
  on: 'Activé',
  off: 'Désactivé',
  loggingOut: 'Déconnexion...',

  // « Mes photos » (issue 28)
  galleryTitle: 'Mes photos',
  galleryHint: `Jusqu'à ${PROFILE_PHOTOS_MAX} photos. La première est votre photo principale.`,
  galleryMain: 'Principale',
  galleryPhoto: (n: number) => `Photo ${n}`,
  galleryAdd: 'Ajouter une photo',
  galleryReplace: (n: number) => `Remplacer la photo ${n}`,
  galleryDelete: (n: number) => `Supprimer la photo ${n}`,
  galleryEarlier: (n: number) => `Avancer la photo ${n}`,
  galleryLater: (n: number) => `Reculer la photo ${n}`,

  // invite modal
  inviteTitle: 'Inviter des amis',
  inviteLead: `Gagnez ${REFERRAL_REWARD_COINS} pièces pour chaque ami qui s'inscrit avec votre code.`,
  inviteCodeLabel: "Votre code d'invitation",
  inviteLinkLabel: "Lien d'invitation",
  copyCode: 'Copier le code',
  copyLink: 'Copier le lien',
  copied: 'Copié !',
  share: 'Partager',
  shareText: (code: string) =>
    `Rejoins-moi sur Rencontre ! Inscris-toi avec mon code ${code} pour recevoir tes pièces.`,
  noCode: 'Code indisponible pour le moment.',

  // anonymous sheet
  anonymousTitle: 'Mode anonyme',
  anonymousLead:
    "Masquez votre identité : tant que le mode anonyme est activé, votre profil n'apparaît plus dans les annonces, les swipes ni « À proximité ».",
  anonymousStill: "Vous pouvez toujours parcourir l'application et discuter avec vos contacts.",
  activate: 'Activer',
  deactivate: 'Désactiver',

  // delete dialog
  deleteTitle: 'Supprimer mon compte',
  deleteWarning: 'Cette action est irréversible.',
  deleteWhat:
    "Votre profil, vos photos, votre position, vos J'aime, vos annonces, vos histoires et vos tickets seront supprimés.",
  deleteKept: `Les messages déjà envoyés restent dans l'historique de vos correspondants, sous le nom « ${DELETED_MEMBER_NAME} ». Vos achats sont conservés de façon anonyme pour la comptabilité.`,
  download: 'Télécharger mes données',
  downloading: 'Préparation...',
  downloadError: 'Erreur lors du téléchargement de vos données',
  passwordLabel: 'Mot de passe',
  passwordHelp: 'Saisissez votre mot de passe pour confirmer.',
  codeHelp: 'Votre compte est lié à Google : confirmez avec un code reçu par email.',
  sendCode: 'Recevoir un code',
  resendCode: 'Renvoyer un code',
  codeLabel: 'Code reçu par email',
  confirmDelete: 'Supprimer définitivement',
  deleting: 'Suppression...',
  deleteError: 'Erreur lors de la suppression du compte',

  // /edit-profile
  editTitle: 'Modifier le Profil',
  changePhoto: 'Changer la photo',
  photoAlt: 'Votre photo de profil',
  likesReceived: (n: number) => `Vous avez reçu ${n} J'aime`,
  nameLabel: 'Nom',
  namePlaceholder: 'Votre nom...',
  localityLabel: 'Localité',
  localityPlaceholder: 'Votre ville...',
  locate: 'Détecter ma position',
  locating: 'Détection...',
  detected: (place: string) => `Position détectée : ${place}`,
  use: 'Utiliser',
  bioLabel: 'Bio',
  bioPlaceholder: 'Votre bio...',
  save: 'Sauvegarder les changements',
  saving: 'Sauvegarde...',
  loadErrorTitle: 'Erreur de chargement',
  loadError: 'Erreur lors du chargement du profil: ',
  saveError: 'Erreur lors de la mise à jour : ',
  cropTitle: 'Recadrez votre photo',
  apply: 'Appliquer',
  cropAlt: 'Photo à recadrer',
  photoInvalid: AUTH_MSG.photoInvalid,
  photoTooLarge: AUTH_MSG.photoTooLarge,
  cropInvalid: AUTH_MSG.cropInvalid,
} as const;
