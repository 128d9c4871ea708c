import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import Uppy from "@uppy/core";
import { useEffect, useRef, useState } from "react";
import { requestUploadUrl } from "#client/features/photos/api.ts";
import { PutUpload } from "#client/features/photos/put-upload.ts";
import { MAX_PHOTO_BYTES } from "#shared/limits.ts";

type Handlers = {
  onStarted: () => void;
  /** The upload finished: the URL the file was PUT to. */
  onUploaded: (uploadURL: string) => void;
  onFailed: (error: unknown) => void;
};

/**
 * One Uppy for the photo page: a single direct PUT of the raw file to the signed URL
 * (no multipart, no form fields), with the URL asked for when the upload starts.
 * The per-file remove, retry and pause come from the Dashboard and PutUpload.
 */
export function usePhotoUppy(handlers: Handlers): Uppy | null {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [uppy, setUppy] = useState<Uppy | null>(null);
  // Made and destroyed in one effect, so React's StrictMode double mount leaves a live instance.
  useEffect(() => {
    const instance = new Uppy({
      id: "profile-photo",
      autoProceed: false,
      // Exactly one file of at most MAX_PHOTO_BYTES, no automatic start.
      restrictions: { maxNumberOfFiles: 1, minNumberOfFiles: 1, maxFileSize: MAX_PHOTO_BYTES },
    }).use(PutUpload, { getUploadUrl: requestUploadUrl });
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
    return () => instance.destroy();
  }, []);
  return uppy;
}
