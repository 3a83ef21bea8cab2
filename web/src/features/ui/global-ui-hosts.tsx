import { ErrorDialogHost } from './error-dialog-host';
import { FullScreenLoaderHost } from './full-screen-loader-host';
import { ModalHost } from './modal-host';
import { NoticesHost } from './notices-host';

/** The window-wide UI of SPEC §4, mounted once at the root so every page can use it. */
export function GlobalUiHosts() {
  return (
    <>
      <ModalHost />
      <ErrorDialogHost />
      <FullScreenLoaderHost />
      <NoticesHost />
    </>
  );
}
