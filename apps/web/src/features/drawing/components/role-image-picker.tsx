import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAW_MAX_ROLE_IMAGES } from '@app/contract';
import { roleImagesQueryOptions, useUploadRoleImages } from '../api/role-images';

interface RoleImagePickerProps {
  roleIds: number[];
  onChange: Dispatch<SetStateAction<number[]>>;
  /** False when the engine draws without role images (said under the choice); undefined while loading. */
  supported: boolean | undefined;
}

/** The drawing form's role images: my uploaded ones to choose (up to the limit), and uploading more. */
export function RoleImagePicker({ roleIds, onChange, supported }: RoleImagePickerProps) {
  const { t } = useTranslation();
  const roles = useQuery(roleImagesQueryOptions());
  const upload = useUploadRoleImages((added) =>
    onChange((ids) => [...ids, ...added.map((r) => r.id)].slice(0, DRAW_MAX_ROLE_IMAGES)),
  );
  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, DRAW_MAX_ROLE_IMAGES);
    event.target.value = '';
    if (files.length) upload.mutate(files);
  };
  const toggleRole = (id: number) =>
    onChange((ids) =>
      ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(0, DRAW_MAX_ROLE_IMAGES),
    );
  return (
    <>
      <p className="draw-label">
        <span>{t('drawing.form.roles')}</span>
        <label className="draw-link-button">
          {upload.isPending ? t('toast.uploading') : t('drawing.form.addRole')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif"
            multiple
            hidden
            data-testid="draw-role-file"
            onChange={handleFiles}
          />
        </label>
      </p>
      {roles.data?.length ? (
        <div className="draw-roles">
          {roles.data.map((role) => (
            <button
              key={role.id}
              type="button"
              className="draw-role"
              aria-pressed={roleIds.includes(role.id)}
              aria-label={t('drawing.form.roleLabel', { id: role.id })}
              onClick={() => toggleRole(role.id)}
            >
              <img src={role.url} alt="" />
            </button>
          ))}
        </div>
      ) : (
        <p className="draw-muted">{t('drawing.form.rolesHint')}</p>
      )}
      {supported === false && roleIds.length ? <p className="draw-muted">{t('drawing.form.rolesUnused')}</p> : null}
    </>
  );
}
