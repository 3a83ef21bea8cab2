-- The send's lease (docs/rights-notices.md, "Exactly once"): a run takes a notice (a mail, or a
-- digest batch's rows) with one conditional UPDATE before it sends it, so two overlapping runs never
-- send the same mail; a lease that expires (its worker died) lets a later run send it again.
ALTER TABLE "hub"."rights_notice" ADD COLUMN "sending_by" TEXT,
ADD COLUMN "sending_until" TIMESTAMPTZ(3);
