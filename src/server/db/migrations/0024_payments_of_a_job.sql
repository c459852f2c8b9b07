-- Every payment of a job, refunded ones too, found by an index: the unique one holds only the payments standing.
CREATE INDEX "payments_job_idx" ON "payments" USING btree ("appointment_id");