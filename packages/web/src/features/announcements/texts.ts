/**
 * French texts of the announcement screens (spec 1 "Home feed", spec 2 "My announcements",
 * "New announcement", §8). The rules' messages come word for word from ANNOUNCEMENT_MSG in
 * @app/shared; everything else shown on these screens lives here.
 */
import { ANNOUNCEMENT_MSG, MSG, coinCount } from '@app/shared';

export const ANN_TEXT = {
  ...ANNOUNCEMENT_MSG,
  retry: 'Réessayer',
  back: 'Retour',
  close: 'Fermer',
  coins: 'pièces',

  // /home
  feedTitle: 'Découvrez les annonces',
  feedEnd: 'Toutes les annonces ont été chargées',
  feedError: 'Erreur lors du chargement des annonces',
  feedNetworkError: 'Erreur de connexion lors du chargement des annonces',
  feedPageError: 'Erreur lors du chargement. Veuillez réessayer.',
  seeMore: 'Voir plus',
  seeLess: 'Voir moins',
  sendMessage: 'Envoyer un message',
  chatError: 'Erreur lors de la création du chat',
  chatNetworkError: 'Erreur de connexion lors de la création du chat',
  chatMissingId: "Impossible de récupérer l'ID du créateur de l'annonce.",
  female: 'Femme',
  male: 'Homme',
  years: (age: number) => `${age} ans`,
  zoomPhoto: (name: string) => `Agrandir la photo de ${name}`,
  someone: 'Membre',

  // /my-announcements
  myTitle: 'Mes annonces',
  myError: 'Erreur lors du chargement de vos annonces',
  add: 'Nouvelle annonce',
  emptyTitle: 'Aucune annonce',
  emptyText: 'Créez votre première annonce pour commencer à rencontrer des personnes !',
  emptyButton: 'Créer ma première annonce',
  views: (n: number) => `${n} vue${n > 1 ? 's' : ''}`,
  deleteLabel: "Supprimer l'annonce",
  deleteTitle: "Supprimer l'annonce",
  deleteText: 'Êtes-vous sûr de vouloir supprimer cette annonce ? Cette action est irréversible.',
  cancel: 'Annuler',
  confirmDelete: 'Supprimer',
  deleting: 'Suppression...',
  deleteError: "Erreur lors de la suppression de l'annonce",
  deleteNetworkError: 'Erreur de connexion. Veuillez réessayer.',
  dismiss: 'Masquer le message',

  // /add-announcement
  addTitle: 'Nouvelle annonce',
  checking: 'Vérification en cours...',
  loadError: 'Erreur de chargement',
  costError: 'Erreur lors de la vérification du coût',
  tokenMissing: 'Token manquant. Veuillez vous reconnecter.',
  costNetworkError: 'Erreur de connexion. Veuillez vérifier votre connexion internet.',
  descriptionLabel: 'Description *',
  descriptionPlaceholder:
    'Présentez-vous et dites quel genre de rencontre vous recherchez (sans numéro de téléphone).',
  counter: (n: number) => `${n}/1000 caractères (minimum 50)`,
  rejectedTitle: 'Annonce rejetée',
  rejectedAdvice:
    "Veuillez modifier votre annonce pour respecter les conditions d'utilisation : pas de numéro de téléphone ni de moyen de contact.",
  publish: 'Publier mon annonce',
  publishing: 'Publication en cours...',
  createNetworkError:
    'Erreur de connexion. Veuillez vérifier votre connexion internet et réessayer.',
  insufficientTitle: 'Solde Insuffisant',
  insufficientText: ANNOUNCEMENT_MSG.insufficientCoins,
  required: (n: number) => `Coût de l'annonce : ${coinCount(n)} pièces`,
  owned: (n: number) => `Votre solde : ${coinCount(n)} pièces`,
  buyCoins: 'Acheter des pièces',
  generic: MSG.generic,
} as const;
