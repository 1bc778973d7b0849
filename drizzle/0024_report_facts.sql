CREATE TABLE "report_facts" (
	"event_id" uuid NOT NULL,
	"report" text NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"reason" text,
	"day" date NOT NULL,
	"hit" boolean NOT NULL,
	"days" double precision,
	"amount" bigint,
	CONSTRAINT "report_facts_event_id_report_pk" PRIMARY KEY("event_id","report")
);
--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_facts_day_idx" ON "report_facts" USING btree ("report","day");
--> statement-breakpoint
-- custom SQL (keep when renumbering)
-- Decision 077: every counted order event's facts, written by a trigger in the event's own
-- transaction, whoever writes the event (the app, the demo data, a fixture, a bench). The rules
-- are decision 068's: contractor facts (offers, answers, visits' outcomes: whose, reason, first
-- time, days from the last offer, payout) and partner facts (orders in, installs, failed visits,
-- cancellations: SLA met, days from receipt, serials). The backfill below applies the same
-- statement to the events already written (report_facts_rebuild); keep the two alike. Both run
-- on the public schema whatever the caller's search_path (a restore's dump empties it).
CREATE FUNCTION "report_facts_add"() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
	INSERT INTO report_facts (event_id, report, owner_id, kind, reason, day, hit, days, amount)
	SELECT ev.id, 'contractor',
	       coalesce(v.contractor_id,
	                CASE WHEN ev.data->>'contractorId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
	                     THEN (ev.data->>'contractorId')::uuid END,
	                o.contractor_id),
	       ev.type,
	       CASE ev.type WHEN 'decline' THEN coalesce(nullif(trim(ev.reason), ''), 'No reason given')
	                    WHEN 'fail' THEN coalesce(ev.data->>'failureReason', 'other') END,
	       (ev.created_at AT TIME ZONE 'Europe/London')::date,
	       ev.type = 'complete' AND NOT EXISTS (
	         SELECT 1 FROM order_events f
	          WHERE f.order_id = ev.order_id AND f.type = 'fail' AND f.created_at < ev.created_at),
	       CASE WHEN ev.type = 'complete' THEN extract(epoch FROM ev.created_at - coalesce(
	         (SELECT max(a.created_at) FROM order_events a
	           WHERE a.order_id = ev.order_id AND a.type = 'assign' AND a.created_at <= ev.created_at),
	         o.contractor_offered_at)) / 86400.0 END,
	       CASE WHEN ev.type = 'complete' THEN o.payout_pence END
	  FROM new_events ev
	  LEFT JOIN visits v ON ev.type IN ('complete', 'fail')
	        AND v.id = CASE WHEN ev.data->>'visitId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
	                        THEN (ev.data->>'visitId')::uuid END
	  LEFT JOIN orders o ON ev.type = 'complete' AND o.id = ev.order_id
	 WHERE ev.type IN ('assign', 'accept', 'decline', 'complete', 'fail')
	UNION ALL
	SELECT ev.id, 'partner', o.partner_id, ev.type,
	       CASE WHEN ev.type = 'fail' THEN coalesce(ev.data->>'failureReason', 'other') END,
	       (ev.created_at AT TIME ZONE 'Europe/London')::date,
	       ev.type = 'complete' AND ev.created_at <= o.sla_due_at,
	       CASE WHEN ev.type = 'complete' THEN extract(epoch FROM ev.created_at - o.received_at) / 86400.0 END,
	       CASE WHEN ev.type = 'complete' THEN
	         coalesce((SELECT count(*) FROM jsonb_each_text(
	           CASE WHEN jsonb_typeof(v.serials) = 'object' THEN v.serials END) s
	           WHERE s.value <> ''), 0)
	         + coalesce(jsonb_array_length(
	             CASE WHEN jsonb_typeof(v.other_serials) = 'array' THEN v.other_serials END), 0)
	       END
	  FROM new_events ev
	  JOIN orders o ON o.id = ev.order_id
	  LEFT JOIN visits v ON ev.type = 'complete'
	        AND v.id = CASE WHEN ev.data->>'visitId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
	                        THEN (ev.data->>'visitId')::uuid END
	 WHERE ev.type IN ('created', 'complete', 'fail', 'cancel')
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_facts_add" AFTER INSERT ON "order_events" REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "report_facts_add"();
--> statement-breakpoint
-- Every fact worked out again from the events: the backfill below, and a restore (backups leave
-- the facts out, decision 077).
CREATE FUNCTION "report_facts_rebuild"() RETURNS void LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
	DELETE FROM report_facts;
	INSERT INTO report_facts (event_id, report, owner_id, kind, reason, day, hit, days, amount)
		SELECT ev.id, 'contractor',
		       coalesce(v.contractor_id,
		                CASE WHEN ev.data->>'contractorId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
		                     THEN (ev.data->>'contractorId')::uuid END,
		                o.contractor_id),
		       ev.type,
		       CASE ev.type WHEN 'decline' THEN coalesce(nullif(trim(ev.reason), ''), 'No reason given')
		                    WHEN 'fail' THEN coalesce(ev.data->>'failureReason', 'other') END,
		       (ev.created_at AT TIME ZONE 'Europe/London')::date,
		       ev.type = 'complete' AND NOT EXISTS (
		         SELECT 1 FROM order_events f
		          WHERE f.order_id = ev.order_id AND f.type = 'fail' AND f.created_at < ev.created_at),
		       CASE WHEN ev.type = 'complete' THEN extract(epoch FROM ev.created_at - coalesce(
		         (SELECT max(a.created_at) FROM order_events a
		           WHERE a.order_id = ev.order_id AND a.type = 'assign' AND a.created_at <= ev.created_at),
		         o.contractor_offered_at)) / 86400.0 END,
		       CASE WHEN ev.type = 'complete' THEN o.payout_pence END
		  FROM order_events ev
		  LEFT JOIN visits v ON ev.type IN ('complete', 'fail')
		        AND v.id = CASE WHEN ev.data->>'visitId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
		                        THEN (ev.data->>'visitId')::uuid END
		  LEFT JOIN orders o ON ev.type = 'complete' AND o.id = ev.order_id
		 WHERE ev.type IN ('assign', 'accept', 'decline', 'complete', 'fail')
		UNION ALL
		SELECT ev.id, 'partner', o.partner_id, ev.type,
		       CASE WHEN ev.type = 'fail' THEN coalesce(ev.data->>'failureReason', 'other') END,
		       (ev.created_at AT TIME ZONE 'Europe/London')::date,
		       ev.type = 'complete' AND ev.created_at <= o.sla_due_at,
		       CASE WHEN ev.type = 'complete' THEN extract(epoch FROM ev.created_at - o.received_at) / 86400.0 END,
		       CASE WHEN ev.type = 'complete' THEN
		         coalesce((SELECT count(*) FROM jsonb_each_text(
		           CASE WHEN jsonb_typeof(v.serials) = 'object' THEN v.serials END) s
		           WHERE s.value <> ''), 0)
		         + coalesce(jsonb_array_length(
		             CASE WHEN jsonb_typeof(v.other_serials) = 'array' THEN v.other_serials END), 0)
		       END
		  FROM order_events ev
		  JOIN orders o ON o.id = ev.order_id
		  LEFT JOIN visits v ON ev.type = 'complete'
		        AND v.id = CASE WHEN ev.data->>'visitId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
		                        THEN (ev.data->>'visitId')::uuid END
		 WHERE ev.type IN ('created', 'complete', 'fail', 'cancel')
	ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
SELECT "report_facts_rebuild"();
