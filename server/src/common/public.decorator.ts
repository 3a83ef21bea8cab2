import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'paddock:public';

/** Marks a hub route that answers without a session (login, SSO, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
