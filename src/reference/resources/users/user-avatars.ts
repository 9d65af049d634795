/**
 * User avatars: the file given as `avatar` (multipart) on POST/PUT /users is checked as the
 * platform does (image extensions, at most 200 KiB) and served, without authentication, at the
 * avatar_url the user views show.
 *
 *   POST /api/v4/users (multipart, avatar=@me.png) -> 201 {"avatar_url":"http://host/uploads/-/system/user/avatar/2/me.png",...}
 *   GET /uploads/-/system/user/avatar/2/me.png     -> 200 image/png <the bytes>
 */
import type { UploadedAvatar } from '../../domain/records.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import type { UploadedFile } from '../../multipart.ts';
import type { Router } from '../../router.ts';
import { uploadedAvatarPath } from '../../views/user-views.ts';

export const AVATAR_MAX_BYTES = 200 * 1024;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const;

/** CarrierWave's sanitizing (ASCII here): anything but letters, digits, _, '.', '-' and '+' becomes '_'. */
function sanitize(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^A-Za-z0-9_.\-+]/g, '_');
  return clean === '' || /^\.+$/.test(clean) ? 'avatar' : clean;
}

/** The avatar to store, or the platform's field errors for it. */
export function avatarErrors(file: UploadedFile): FieldErrors | undefined {
  const ext = /\.([^.]+)$/.exec(file.filename)?.[1]?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) {
    return {
      avatar: [`file format is not supported. Please try one of the following supported formats: ${AVATAR_EXTENSIONS.join(', ')}`],
    };
  }
  if (file.truncated || file.data.length > AVATAR_MAX_BYTES) {
    return { avatar: ['is too big (should be at most 200 KiB)'] };
  }
  return undefined;
}

/** Checks the uploaded file (400 field map) and turns it into the stored avatar. */
export function avatarOf(file: UploadedFile | undefined): UploadedAvatar | undefined {
  if (file === undefined) return undefined;
  const errors = avatarErrors(file);
  if (errors) fail('validation_failed', errors);
  return { filename: sanitize(file.filename), contentType: file.contentType, data: file.data };
}

export function registerUserAvatars(r: Router): void {
  const { store } = r.ctx;
  // Outside /api/v4, public: on the root app, as the router's declared routes all live under the API prefix.
  r.root.get('/uploads/-/system/user/avatar/:id/:filename', (request, reply) => {
    const { id, filename } = request.params as { id: string; filename: string };
    const user = /^\d+$/.test(id) ? store.users.get(Number(id)) : undefined;
    if (!user?.avatar || uploadedAvatarPath(user) !== `/uploads/-/system/user/avatar/${id}/${filename}`) {
      fail('route_not_found');
    }
    return reply.header('content-type', user.avatar.contentType || 'application/octet-stream').send(user.avatar.data);
  });
}
