import { useLingui } from "@lingui/react";
import DashboardModal from "@uppy/react/dashboard-modal";
import { ArrowLeft, Camera, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Avatar } from "#client/components/ui/avatar.tsx";
import { Button, buttonClass } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { CloseOnBack } from "#client/components/ui/dialog.tsx";
import { useUser } from "#client/features/auth/user.ts";
import { useSetPhoto } from "#client/features/photos/api.ts";
import { photoInputHint } from "#client/features/photos/prepare-photo.ts";
import { paths } from "#client/lib/paths.ts";
import { toast } from "#client/lib/toast.tsx";
import { MAX_PHOTO_MB } from "#shared/input-limits.ts";
import { usePhotoUppy } from "./use-photo-uppy";

/** The guidelines' lines (English ids; shown through `i18n._` with the size filled in). */
export const GUIDELINES = [
  /*i18n*/ "Use a clear photo of yourself",
  /*i18n*/ "Maximum file size {size}MB",
  /*i18n*/ "Supported formats: JPG, PNG, GIF",
  /*i18n*/ "Your photo is visible on your payment requests",
];

/** /photo (docs/product.md "Photo"): idle → pick → upload → saving → success or failure. */
export default function PhotoPage() {
  const { i18n } = useLingui();
  const { user } = useUser();
  const setPhoto = useSetPhoto();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [savedPath, setSavedPath] = useState<string | null>(null);

  const fail = (error: unknown) => {
    console.error("Photo upload failed", error);
    setUploading(false);
    toast({
      title: i18n._("Upload failed"),
      description: i18n._("There was an error uploading your photo. Please try again."),
      variant: "destructive",
    });
  };

  const uppy = usePhotoUppy({
    onStarted: () => setUploading(true),
    onUploaded: (uploadURL) => {
      setPhoto.mutate(uploadURL, {
        onSuccess: (objectPath) => {
          setSavedPath(objectPath);
          setOpen(false);
          uppy?.clear();
          toast({
            title: i18n._("Photo uploaded successfully!"),
            description: i18n._("Your profile photo has been updated."),
          });
        },
        onError: fail,
        onSettled: () => setUploading(false),
      });
    },
    onFailed: fail,
  });

  /** Closed (Esc, its X, a tap outside, the phone's Back), the picker starts afresh when opened again. */
  const closePicker = () => {
    setOpen(false);
    // A file that failed stays only while the picker is open (its Retry); one uploading goes on.
    if (!uploading) uppy?.cancelAll();
    uppy?.setState({ info: [] });
  };

  const photo = savedPath ?? user?.photo ?? null;
  return (
    <div className="flex flex-col gap-6">
      <Link
        href={paths.profile}
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold text-emerald-700 dark:text-emerald-400"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> {i18n._("Back to Profile")}
      </Link>
      <Card className="flex flex-col items-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {i18n._("Upload Profile Photo")}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">
          {i18n._("Add a photo to personalize your payment requests")}
        </p>
        <Avatar src={photo} alt={i18n._("Your profile photo")} size="lg" />
        {savedPath && (
          <p
            role="status"
            className="flex items-center gap-1.5 text-sm font-semibold text-emerald-700 dark:text-emerald-400"
          >
            <CheckCircle2 aria-hidden="true" className="size-4" /> {i18n._("Photo updated!")}
          </p>
        )}
        <Button size="lg" onClick={() => setOpen(true)} disabled={uploading || !uppy}>
          <Camera aria-hidden="true" /> {uploading ? i18n._("Uploading...") : i18n._("Choose Photo")}
        </Button>
      </Card>
      {open && <CloseOnBack onClose={closePicker} />}
      {uppy && (
        <DashboardModal
          uppy={uppy}
          open={open}
          onRequestClose={closePicker}
          closeModalOnClickOutside
          proudlyDisplayPoweredByUppy={false}
          note={photoInputHint(i18n)}
          theme="auto"
        />
      )}
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900 dark:text-slate-100">{i18n._("Photo guidelines")}</h2>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-600 dark:text-slate-400">
          {GUIDELINES.map((line) => (
            <li key={line}>{i18n._(line, { size: MAX_PHOTO_MB })}</li>
          ))}
        </ul>
      </Card>
      <Link href={paths.profile} className={buttonClass("secondary", "lg")}>
        {i18n._("Return to Profile")}
      </Link>
    </div>
  );
}
