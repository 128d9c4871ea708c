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
import { PHOTO_INPUT_HINT } from "#client/features/photos/prepare-photo.ts";
import { paths } from "#client/lib/paths.ts";
import { toast } from "#client/lib/toast.tsx";
import { MAX_PHOTO_MB } from "#shared/input-limits.ts";
import { usePhotoUppy } from "./use-photo-uppy";

export const GUIDELINES = [
  "Use a clear photo of yourself",
  `Maximum file size ${MAX_PHOTO_MB}MB`,
  "Supported formats: JPG, PNG, GIF",
  "Your photo is visible on your payment requests",
];

/** /photo (docs/product.md "Photo"): idle → pick → upload → saving → success or failure. */
export default function PhotoPage() {
  const { user } = useUser();
  const setPhoto = useSetPhoto();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [savedPath, setSavedPath] = useState<string | null>(null);

  const fail = (error: unknown) => {
    console.error("Photo upload failed", error);
    setUploading(false);
    toast({
      title: "Upload failed",
      description: "There was an error uploading your photo. Please try again.",
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
            title: "Photo uploaded successfully!",
            description: "Your profile photo has been updated.",
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
        <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> Back to Profile
      </Link>
      <Card className="flex flex-col items-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Upload Profile Photo</h1>
        <p className="text-slate-600 dark:text-slate-400">Add a photo to personalize your payment requests</p>
        <Avatar src={photo} alt="Your profile photo" size="lg" />
        {savedPath && (
          <p
            role="status"
            className="flex items-center gap-1.5 text-sm font-semibold text-emerald-700 dark:text-emerald-400"
          >
            <CheckCircle2 aria-hidden="true" className="size-4" /> Photo updated!
          </p>
        )}
        <Button size="lg" onClick={() => setOpen(true)} disabled={uploading || !uppy}>
          <Camera aria-hidden="true" /> {uploading ? "Uploading..." : "Choose Photo"}
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
          note={PHOTO_INPUT_HINT}
          theme="auto"
        />
      )}
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900 dark:text-slate-100">Photo guidelines</h2>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-600 dark:text-slate-400">
          {GUIDELINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
      <Link href={paths.profile} className={buttonClass("secondary", "lg")}>
        Return to Profile
      </Link>
    </div>
  );
}
