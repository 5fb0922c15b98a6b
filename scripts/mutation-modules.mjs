/**
 * The rule modules under mutation testing (npm run test:mutation): for each, the code Stryker
 * mutates and the smallest set of test files that exercise it. A `fns` list mutates only those
 * functions of a larger file (found by name at run time, so the table survives edits around
 * them); a plain path mutates the whole file. Paths are from the repository root.
 */

export const MUTATION_MODULES = [
  {
    name: 'auth-codes',
    label: 'Comptes : codes e-mail',
    mutate: [
      'packages/server/src/modules/auth/codes.ts',
      'packages/server/src/modules/auth/codes.repository.ts',
    ],
    tests: ['packages/server/test/mutation/codes.test.ts'],
  },
  {
    name: 'auth-devices',
    label: 'Comptes : règle de l’appareil',
    mutate: [
      'packages/server/src/modules/auth/devices.repository.ts',
      {
        file: 'packages/server/src/modules/auth/auth.service.ts',
        fns: ['recordDevice', 'deviceRefusal', 'checkDevice', 'createdButBlocked'],
      },
    ],
    tests: ['packages/server/test/mutation/devices.test.ts'],
  },
  {
    name: 'auth-sessions',
    label: 'Comptes : sessions',
    mutate: [
      'packages/server/src/auth/session.repository.ts',
      'packages/server/src/auth/tokens.ts',
    ],
    tests: ['packages/server/test/mutation/sessions.test.ts'],
  },
  {
    name: 'rate-limits',
    label: 'Comptes : limites de débit',
    mutate: [
      'packages/server/src/http/rate-limit.ts',
      'packages/server/src/modules/auth/auth.limits.ts',
    ],
    tests: ['packages/server/test/mutation/rate-limit.test.ts'],
  },
  {
    name: 'coin-ledger',
    label: 'Pièces : registre',
    mutate: ['packages/server/src/modules/coins/ledger.ts'],
    tests: [
      'packages/server/test/mutation/ledger-rules.test.ts',
      'packages/server/test/ledger.test.ts',
    ],
  },
  {
    name: 'chat-lock',
    label: 'Chat : verrou et déverrouillage',
    mutate: [
      'packages/server/src/modules/chats/lock-rule.ts',
      { file: 'packages/server/src/modules/chats/chat.service.ts', fns: ['unlockChat'] },
    ],
    tests: ['packages/server/test/mutation/chat-lock.test.ts'],
  },
  {
    name: 'payments',
    label: 'Paiements : règlement et contrôles des fournisseurs',
    mutate: [
      'packages/server/src/modules/payments/settle.ts',
      'packages/server/src/modules/payments/provider-answer.ts',
      {
        file: 'packages/server/src/adapters/payments/orange-bf.ts',
        fns: ['readPayment', 'status'],
      },
      { file: 'packages/server/src/adapters/payments/moov-bf.ts', fns: ['status'] },
      { file: 'packages/server/src/adapters/payments/cinetpay.ts', fns: ['status'] },
    ],
    tests: [
      'packages/server/test/mutation/settle.test.ts',
      'packages/server/test/mutation/provider-status.test.ts',
    ],
  },
  {
    name: 'media-signing',
    label: 'Chat : liens signés des médias',
    mutate: ['packages/server/src/modules/chats/media.ts'],
    tests: ['packages/server/test/mutation/media.test.ts'],
  },
  {
    name: 'location',
    label: 'À proximité : arrondi et distances',
    mutate: [
      {
        file: 'packages/shared/src/geo.ts',
        fns: [
          'roundCoord',
          'roundPosition',
          'displayDistanceKm',
          'destinationPoint',
          'haversineKm',
        ],
      },
      'packages/server/src/modules/nearby/nearby.presenter.ts',
    ],
    tests: ['packages/shared/src/geo.test.ts', 'packages/server/test/mutation/nearby.test.ts'],
  },
  {
    name: 'moderation-holds',
    label: 'Modération : annonces et histoires retenues',
    mutate: [
      {
        file: 'packages/shared/src/announcements.ts',
        fns: [
          'PHONE_RE',
          'normalize',
          'hasPhoneNumber',
          'findSuspectWord',
          'announcementContentWarning',
        ],
      },
      { file: 'packages/shared/src/stories.ts', fns: ['storyHoldReason'] },
      { file: 'packages/server/src/modules/stories/story.service.ts', fns: ['publishStory'] },
    ],
    tests: [
      'packages/shared/src/announcements.test.ts',
      'packages/shared/src/text-rules.property.test.ts',
      'packages/server/test/stories.test.ts',
    ],
  },
];
