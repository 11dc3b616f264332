/**
 * The adult's photo in the pick-up form: the shared photo field (src/ui/photo) with the pick-up screens' texts, the
 * stored photo from the device or the server on an edit, and the services' resize.
 */
import { PhotoField as SharedPhotoField } from '../../../ui/photo/photo-field';
import { usePhotoBlob } from './photo';
import { usePickUpServices } from './services';

export interface PhotoFieldProps {
  /** The new picture, ready to upload; null for none (yet). */
  value: Blob | null;
  /** The stored photo of an adult being edited. */
  storedPhotoId?: string | null;
  error?: string;
  onChange: (photo: Blob | null) => void;
  /** Reports a picture that could not be read. */
  onError: (message: string | undefined) => void;
}

/** Preview, camera and upload. */
export function PhotoField({ value, storedPhotoId = null, error, onChange, onError }: PhotoFieldProps) {
  const services = usePickUpServices();
  const stored = usePhotoBlob(value ? null : storedPhotoId);
  return (
    <SharedPhotoField
      ns="pick-ups"
      value={value}
      hasStored={Boolean(storedPhotoId)}
      stored={stored}
      error={error}
      onChange={onChange}
      onError={onError}
      prepare={services.preparePhoto}
    />
  );
}
