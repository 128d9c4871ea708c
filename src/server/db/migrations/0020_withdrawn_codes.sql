CREATE TABLE "withdrawn_code" (
	"code" text PRIMARY KEY NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
