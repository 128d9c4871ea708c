import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import "./photo-picker.css";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import Uppy from "@uppy/core";
import { useEffect, useRef, useState } from "react";
import { requestUploadUrl } from "#client/features/photos/api.ts";
import {
  PHOTO_INPUT_TYPES,
  PhotoPrepError,
  photoPlan,
  photoPrepMessage,
  preparePhoto,
} from "#client/features/photos/prepare-photo.ts";
import { PutUpload } from "#client/features/photos/put-upload.ts";
import { MAX_PHOTO_BYTES } from "#shared/input-limits.ts";

type Handlers = {
  onStarted: () => void;
  /** The upload finished: the URL the file was PUT to. */
  onUploaded: (uploadURL: string) => void;
  onFailed: (error: unknown) => void;
};

/** How long the one message about an unusable file stays in the dialog. */
const MESSAGE_MS = 8000;

/** Uppy's own words that Collect replaces, in the app's language. */
const uppyLocale = (i18n: I18n) => ({
  strings: { youCanOnlyUploadFileTypes: photoPrepMessage(i18n, "unusable") },
  pluralize: (count: number) => (count === 1 ? 0 : 1),
});

/**
 * One Uppy for the photo page: a single direct PUT of the raw file to the signed URL
 * (no multipart, no form fields), with the URL asked for when the upload starts.
 * The per-file remove, retry and pause come from the Dashboard and PutUpload.
 *
 * A picked photo over 5 MB or in a format the server does not read (HEIC) is made usable first
 * (features/photos/prepare-photo.ts): it is kept out of the list, made smaller in the browser,
 * and what it became is added in its place; a file the browser cannot read gets one message.
 */
export function usePhotoUppy(handlers: Handlers): Uppy | null {
  const { i18n } = useLingui();
  const latest = useRef(handlers);
  latest.current = handlers;
  // The app's language when a message is said (it may change while the page is open).
  const words = useRef(i18n);
  words.current = i18n;
  const [uppy, setUppy] = useState<Uppy | null>(null);
  // Made and destroyed in one effect, so React's StrictMode double mount leaves a live instance.
  useEffect(() => {
    let live = true;
    const prepare = (name: string, data: Blob, source: string | undefined) => {
      // Shown until the photo is ready (no timer of Uppy's, which would hide a later message).
      instance.setState({
        info: [{ type: "info", message: photoPrepMessage(words.current, "preparing"), details: null }],
      });
      preparePhoto(data, name).then(
        (photo) => {
          if (!live) return;
          instance.setState({ info: [] });
          try {
            instance.addFile({ name: photo.name, type: photo.type, data: photo, source });
          } catch {
            // A restriction (a file already chosen): Uppy has said so in the dialog.
          }
        },
        (error: unknown) => {
          if (!live) return;
          if (!(error instanceof PhotoPrepError)) console.error("Photo could not be prepared", error);
          instance.setState({ info: [] });
          instance.info(photoPrepMessage(words.current, "unusable"), "error", MESSAGE_MS);
        },
      );
    };
    const instance = new Uppy({
      id: "profile-photo",
      autoProceed: false,
      // Exactly one file of at most MAX_PHOTO_BYTES, no automatic start. The types set the
      // input's accept attribute; a file of another type gets the same one message.
      restrictions: {
        maxNumberOfFiles: 1,
        minNumberOfFiles: 1,
        maxFileSize: MAX_PHOTO_BYTES,
        allowedFileTypes: [...PHOTO_INPUT_TYPES],
      },
      locale: uppyLocale(words.current),
      onBeforeFileAdded: (file, files) => {
        if (Object.hasOwn(files, file.id)) return false;
        const data = file.data;
        if (file.isRemote || !(data instanceof Blob)) return true;
        const plan = photoPlan({ size: data.size, type: file.type || data.type, name: file.name ?? "" });
        if (plan === "as-is") return true;
        if (plan === "too-large")
          instance.info(photoPrepMessage(words.current, "tooLarge"), "error", MESSAGE_MS);
        else prepare(file.name ?? "photo", data, file.source);
        // Kept out of the list: what it becomes is added instead.
        return false;
      },
    }).use(PutUpload, {
      getUploadUrl: requestUploadUrl,
      translate: (message) => words.current._(message),
    });
    instance.on("upload", () => latest.current.onStarted());
    instance.on("complete", (result) => {
      const url = result.successful?.[0]?.uploadURL;
      if (!url) {
        latest.current.onFailed(new Error("No file uploaded"));
        return;
      }
      latest.current.onUploaded(url);
    });
    setUppy(instance);
    return () => {
      live = false;
      instance.destroy();
    };
  }, []);
  // A language chosen while the page is open: Uppy's replaced words follow it.
  const locale = i18n.locale;
  useEffect(() => {
    if (uppy && locale) uppy.setOptions({ locale: uppyLocale(i18n) });
  }, [uppy, i18n, locale]);
  return uppy;
}
