-- Webhook notifications already processed, remembered while a replay of them could still pass the time
-- window (a signature's ts must be within 5 minutes of now). One row per signed manifest: the ts as signed,
-- the x-request-id and the data.id ('' when the notification had none). Shared by every server process.
CREATE TABLE webhook_receipts (
  ts          text NOT NULL,
  request_id  text NOT NULL,
  data_id     text NOT NULL,
  signed_at   timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ts, request_id, data_id)
);
-- Expired receipts are deleted by signing time.
CREATE INDEX webhook_receipts_by_signed_at ON webhook_receipts (signed_at);
