/**
 * /edit-profile, 'Modifier le Profil' (spec 2 "Profile edit"): the round photo with its camera
 * button and crop dialog, 'Vous avez reçu N J'aime', name, locality with the locate button and
 * its 'Position détectée : X' / 'Utiliser' hint, bio, the passion chips (up to 5), and the fixed
 * 'Sauvegarder les changements'. The server judges the fields; its French errors show under each one.
 */
import { ArrowLeft, Camera, Heart, User } from 'lucide-react';
import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '../../lib/router';
import {
  PROFILE_BIO_MAX,
  PROFILE_LOCALITY_MAX,
  PROFILE_NAME_MAX,
  normalisePassions,
  profileUpdateErrors,
  type TProfileField,
} from '@app/shared';
import { firstError } from '../../api/client';
import { useProfile, type OwnProfile } from '../../api/useProfile';
import { useUpdateProfile } from '../../api/useAccount';
import { getToken } from '../../auth/session';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { PassionPicker } from '../../ui/PassionPicker';
import { SeekingChoice } from '../../ui/SeekingChoice';
import { photoFileProblem } from '../../lib/cropRules';
import { PhotoCropDialog } from './PhotoCropDialog';
import { PhotoGallery } from './PhotoGallery';
import { LocalityField } from './LocalityField';
import { ACCOUNT_TEXT } from './texts';
import './account.css';

export default function EditProfilePage() {
  const profile = useProfile();
  if (profile.isPending) return <Spinner />;
  if (profile.isError) {
    return (
      <ErrorPanel
        title={ACCOUNT_TEXT.loadErrorTitle}
        message={ACCOUNT_TEXT.loadError + profile.error.message}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <EditProfileForm profile={profile.data} />;
}

type Errors = Partial<Record<TProfileField | 'passions', string>>;

function EditProfileForm({ profile }: { profile: OwnProfile }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name ?? '');
  const [locality, setLocality] = useState(profile.locality ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [passions, setPassions] = useState<string[]>(() => normalisePassions(profile.passions));
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => (photo ? () => URL.revokeObjectURL(photo.url) : undefined), [photo]);
  useEffect(() => (source ? () => URL.revokeObjectURL(source) : undefined), [source]);

  function handleFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file again must fire a change
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem === 'invalid') return void toast.error(ACCOUNT_TEXT.photoInvalid);
    if (problem === 'tooLarge') return void toast.error(ACCOUNT_TEXT.photoTooLarge);
    setSource(URL.createObjectURL(file));
  }

  function handleCropped(blob: Blob) {
    setPhoto({ blob, url: URL.createObjectURL(blob) });
    setSource(null);
    toast.success(ACCOUNT_TEXT.photoUpdated);
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    if (!getToken()) return void toast.error(ACCOUNT_TEXT.missingData);
    const local = profileUpdateErrors({ name, bio, locality });
    setErrors(local);
    const first = Object.values(local)[0];
    if (first) return void toast.error(ACCOUNT_TEXT.saveError + first);
    const res = await update.mutateAsync({
      name,
      bio,
      locality,
      passions,
      photo: photo?.blob ?? null,
    });
    if (res.success) {
      toast.success(res.message || ACCOUNT_TEXT.updated);
      navigate('/profile');
      return;
    }
    const fields = res.errors ?? {};
    setErrors({
      name: fields.name?.[0],
      bio: fields.bio?.[0],
      locality: fields.locality?.[0],
      passions: fields.passions?.[0],
    });
    const detail = res.httpStatus === 0 ? ACCOUNT_TEXT.network : firstError(res);
    toast.error(ACCOUNT_TEXT.saveError + detail);
  }

  const shown = photo?.url ?? profile.photo;
  return (
    <form className="edit-profile" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <header className="account-header">
        <button
          type="button"
          className="icon-btn"
          aria-label={ACCOUNT_TEXT.back}
          onClick={() => navigate(-1)}
        >
          <ArrowLeft />
        </button>
        <h1>{ACCOUNT_TEXT.editTitle}</h1>
        <span className="account-header-spacer" />
      </header>

      <div className="edit-photo">
        {shown ? (
          <img
            src={shown}
            alt={ACCOUNT_TEXT.photoAlt}
            width={120}
            height={120}
            data-testid="edit-photo"
          />
        ) : (
          <span className="edit-photo-empty" aria-hidden>
            <User />
          </span>
        )}
        <label className="edit-photo-btn" aria-label={ACCOUNT_TEXT.changePhoto}>
          <Camera />
          <input type="file" accept="image/*" className="visually-hidden" onChange={handleFile} />
        </label>
      </div>

      <p className="edit-likes">
        <Heart fill="currentColor" />{' '}
        {ACCOUNT_TEXT.likesReceived(profile.stats?.likes_received ?? 0)}
      </p>

      <Field id="edit-name" label={ACCOUNT_TEXT.nameLabel} error={errors.name}>
        <input
          id="edit-name"
          value={name}
          maxLength={PROFILE_NAME_MAX * 2}
          placeholder={ACCOUNT_TEXT.namePlaceholder}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!errors.name}
        />
      </Field>
      <Field id="edit-locality" label={ACCOUNT_TEXT.localityLabel} error={errors.locality}>
        <LocalityField
          id="edit-locality"
          value={locality}
          maxLength={PROFILE_LOCALITY_MAX * 2}
          invalid={!!errors.locality}
          onChange={setLocality}
        />
      </Field>
      <Field id="edit-bio" label={ACCOUNT_TEXT.bioLabel} error={errors.bio}>
        <textarea
          id="edit-bio"
          rows={4}
          value={bio}
          maxLength={PROFILE_BIO_MAX * 2}
          placeholder={ACCOUNT_TEXT.bioPlaceholder}
          onChange={(e) => setBio(e.target.value)}
          aria-invalid={!!errors.bio}
        />
      </Field>
      <PhotoGallery />
      <PassionPicker value={passions} onChange={setPassions} error={errors.passions} />
      <SeekingChoice />

      <div className="edit-save">
        <button type="submit" className="btn btn-primary btn-block" disabled={update.isPending}>
          {update.isPending ? ACCOUNT_TEXT.saving : ACCOUNT_TEXT.save}
        </button>
      </div>
      {source && (
        <PhotoCropDialog source={source} onApply={handleCropped} onCancel={() => setSource(null)} />
      )}
    </form>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
