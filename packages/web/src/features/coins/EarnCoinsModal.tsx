/**
 * The 'Gagner des pièces' modal of /profile (spec 2 "Account menu", §4, §8, §9): Facebook,
 * TikTok and YouTube, 50 pièces once each, joined ones hidden; then the help lines for
 * invitations and the daily bonus. A join sets the balance at once, shows the success, reloads
 * the profile after 1 s and then opens the network's link.
 */
import { Music, Play } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_RELOAD_DELAY_MS,
  type TSocialPlatform,
} from '@app/shared';
import { useProfile } from '../../api/useProfile';
import { applySocialJoin, joinSocialNetwork } from '../../api/usePayments';
import { toast } from '../../ui/toast';
import { CoinsDialog } from './CoinsDialog';
import { socialJoinError } from './paymentRules';
import { COINS_TEXT } from './texts';
import './coins.css';
import { memberChanged } from '../../api/memberChanged';

// No logo set is shipped for the networks: a letter for Facebook, the note and the play sign of
// TikTok and YouTube, all drawn as text or SVG so no phone shows an empty box.
const ICONS: Record<TSocialPlatform, ReactNode> = {
  facebook: 'f',
  tiktok: <Music />,
  youtube: <Play fill="currentColor" />,
};

export default function EarnCoinsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const profile = useProfile();
  const [joining, setJoining] = useState<TSocialPlatform | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  if (!open) return null;

  const joined = profile.data?.social_media;
  const remaining = SOCIAL_PLATFORMS.filter((p) => !joined?.[`joined_${p}` as const]);

  async function handleJoin(platform: TSocialPlatform) {
    if (joining) return;
    setJoining(platform);
    const res = await joinSocialNetwork(platform);
    const data = res.data;
    if (!res.success || !data) {
      setJoining(null);
      toast.error(socialJoinError(res));
      // Already joined elsewhere: the reloaded profile hides the network.
      if (res.httpStatus === 409) void memberChanged(client);
      return;
    }
    applySocialJoin(client, data);
    const message = COINS_TEXT.socialSuccess(SOCIAL_PLATFORM_LABELS[platform]);
    setSuccess(message);
    toast.success(message);
    setJoining(null);
    setTimeout(() => {
      void memberChanged(client).finally(() => window.location.assign(data.link));
    }, SOCIAL_RELOAD_DELAY_MS);
  }

  return (
    <CoinsDialog title={COINS_TEXT.earnTitle} onClose={onClose} testId="earn-coins-modal">
      {success && (
        <p className="earn-success" role="status">
          {success}
        </p>
      )}
      {remaining.length > 0 ? (
        <>
          <p className="muted">{COINS_TEXT.earnLead}</p>
          <ul className="earn-list">
            {remaining.map((p) => (
              <li key={p}>
                <button
                  type="button"
                  className="earn-item"
                  disabled={joining !== null}
                  onClick={() => void handleJoin(p)}
                >
                  <span className={`earn-icon earn-${p}`} aria-hidden>
                    {ICONS[p]}
                  </span>
                  <span className="earn-name">{COINS_TEXT.join(SOCIAL_PLATFORM_LABELS[p])}</span>
                  <span className="earn-reward">
                    {joining === p ? COINS_TEXT.processing : COINS_TEXT.reward}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{COINS_TEXT.allJoined}</p>
      )}
      <ul className="earn-help">
        <li>{COINS_TEXT.inviteHelp}</li>
        <li>{COINS_TEXT.dailyHelp}</li>
      </ul>
    </CoinsDialog>
  );
}
