import { BasePlugin, type Body, type Meta, type PluginOpts, type Uppy, type UppyFile } from "@uppy/core";
import { apiErrorDetails } from "#client/lib/api.ts";
import { shouldRetryUpload, uploadErrorMessage } from "./upload-errors";

type PutUploadOpts = PluginOpts & {
  /** A fresh signed URL for each attempt, so a resumed or retried upload never reuses a spent one. */
  getUploadUrl: (size: number) => Promise<string>;
  /** A failure's sentence (uploadErrorMessage's English, or the server's) in the app's language. */
  translate: (message: string) => string;
};

/** Attempts after the first for a fault that may pass (no answer, 5xx); 4xx is never retried. */
const AUTO_RETRIES = 2;
const retryDelay = (attempt: number) => 500 * 2 ** attempt;

type PutResult = { status: number; responseText: string };

/** One PUT of the raw file with upload progress; an abort rejects with the signal's reason. */
function putFile(url: string, data: Blob, signal: AbortSignal, onProgress: (loaded: number) => void) {
  return new Promise<PutResult>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, responseText: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, responseText: "" });
    signal.addEventListener("abort", () => {
      xhr.abort();
      reject(signal.reason);
    });
    xhr.send(data);
  });
}

const PAUSED = "paused";
const REMOVED = "removed";

/**
 * Uppy uploader for the profile photo: one direct PUT of the file to a signed URL (no multipart,
 * docs/product.md "Photo"), with per-file pause (a single PUT cannot continue where it stopped, so
 * Resume sends the file again; photos are at most 5 MB), and no automatic retry of a refusal.
 */
export class PutUpload<M extends Meta, B extends Body> extends BasePlugin<PutUploadOpts, M, B> {
  constructor(uppy: Uppy<M, B>, opts: PutUploadOpts) {
    super(uppy, opts);
    this.id = opts.id ?? "PutUpload";
    this.type = "uploader";
  }

  override install() {
    const { capabilities } = this.uppy.getState();
    // Tells the Dashboard to offer Pause and Resume for each file and for all.
    this.uppy.setState({ capabilities: { ...capabilities, resumableUploads: true } });
    this.uppy.addUploader(this.#upload);
  }

  override uninstall() {
    this.uppy.removeUploader(this.#upload);
  }

  #upload = async (fileIDs: string[]) => {
    const files = this.uppy.getFilesByIds(fileIDs);
    this.uppy.emit("upload-start", files);
    await Promise.all(files.map((file) => this.#uploadFile(file)));
  };

  /** Resolves with what happened to a file: paused or resumed, or gone. */
  #nextChange(fileID: string): { change: Promise<"paused" | "resumed" | "removed">; stop: () => void } {
    let settle: (value: "paused" | "resumed" | "removed") => void = () => {};
    const change = new Promise<"paused" | "resumed" | "removed">((resolve) => {
      settle = resolve;
    });
    const onPause = (file: UppyFile<M, B> | undefined, isPaused: boolean) => {
      if (file?.id === fileID) settle(isPaused ? PAUSED : "resumed");
    };
    const onPauseAll = () => settle(PAUSED);
    const onResumeAll = () => settle("resumed");
    const onRemoved = (file: UppyFile<M, B>) => {
      if (file.id === fileID) settle(REMOVED);
    };
    const onCancelAll = () => settle(REMOVED);
    this.uppy.on("upload-pause", onPause);
    this.uppy.on("pause-all", onPauseAll);
    this.uppy.on("resume-all", onResumeAll);
    this.uppy.on("file-removed", onRemoved);
    this.uppy.on("cancel-all", onCancelAll);
    const stop = () => {
      this.uppy.off("upload-pause", onPause);
      this.uppy.off("pause-all", onPauseAll);
      this.uppy.off("resume-all", onResumeAll);
      this.uppy.off("file-removed", onRemoved);
      this.uppy.off("cancel-all", onCancelAll);
    };
    return { change, stop };
  }

  #setProgress(file: UppyFile<M, B>, bytesUploaded: number) {
    const current = this.uppy.getFile(file.id);
    if (!current || current.progress.uploadStarted === null) return;
    const total = file.size ?? 0;
    // Set directly: Uppy ignores progress events once a file has reached 100%, but a resumed
    // upload starts again from zero.
    this.uppy.setFileState(file.id, {
      progress: {
        ...current.progress,
        bytesUploaded,
        bytesTotal: total,
        percentage: total > 0 ? Math.round((bytesUploaded / total) * 100) : 0,
      },
    });
  }

  async #uploadFile(file: UppyFile<M, B>): Promise<void> {
    let retries = 0;
    for (;;) {
      const state = this.uppy.getFile(file.id);
      if (!state) return;
      const watch = this.#nextChange(file.id);
      try {
        if (state.isPaused) {
          if ((await watch.change) === REMOVED) return;
          continue;
        }
        const outcome = await this.#attempt(file, watch.change);
        if (outcome === REMOVED) return;
        if (outcome === PAUSED) continue;
        if (outcome.status >= 200 && outcome.status < 300) return;
        if (shouldRetryUpload(outcome.status) && retries < AUTO_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, retryDelay(retries)));
          retries += 1;
          continue;
        }
        // Shown by the Dashboard beside the file and in its message: in the app's language.
        const error = new Error(
          this.opts.translate(uploadErrorMessage(outcome.status, outcome.responseText)),
        );
        this.uppy.emit("upload-error", this.uppy.getFile(file.id), error, {
          status: outcome.status,
          body: undefined,
        });
        // Uppy's own line reads "Failed to upload {file}" with the reason behind a "?": say it outright.
        this.uppy.info(error.message, "error", 8000);
        return;
      } finally {
        watch.stop();
      }
    }
  }

  /** One try: a fresh URL, then the PUT, unless the file is paused or removed meanwhile. */
  async #attempt(
    file: UppyFile<M, B>,
    change: Promise<"paused" | "resumed" | "removed">,
  ): Promise<PutResult | "paused" | "removed"> {
    const controller = new AbortController();
    void change.then((what) => {
      if (what !== "resumed") controller.abort(what);
    });
    this.#setProgress(file, 0);
    if (!(file.data instanceof Blob)) return { status: 0, responseText: "" };
    const data = file.data;
    try {
      const url = await this.opts.getUploadUrl(file.size ?? 0);
      const result = await putFile(url, data, controller.signal, (loaded) =>
        this.#setProgress(file, Math.min(loaded, file.size ?? loaded)),
      );
      if (result.status >= 200 && result.status < 300) {
        this.uppy.emit("upload-success", this.uppy.getFile(file.id), {
          status: result.status,
          body: undefined,
          uploadURL: url,
        });
      }
      return result;
    } catch (error) {
      if (controller.signal.aborted) return controller.signal.reason as "paused" | "removed";
      // No signed URL (offline, signed out): judged like a PUT answer with that status and message.
      const { status, message } = apiErrorDetails(error);
      return { status: status ?? 0, responseText: JSON.stringify({ message }) };
    }
  }
}
