-- Decision 034: a follow-up's note is its audit entry (action 'followup', after.followup = the text),
-- so a save writes one record beside the row, not two. Every note kept so far that has no such
-- entry (the texts migration 0010 found without one) gets it, with the note's own time and author;
-- notes written since 0010 already have theirs (the same statement wrote both).
INSERT INTO audit_events (at, actor_id, actor_email, entity, entity_id, action, before, after)
SELECT n.at, n.author_id, n.author_email, 'submission', n.submission_id, 'followup', NULL, jsonb_build_object('followup', n.text)
FROM followup_notes n
WHERE NOT EXISTS (
  SELECT 1 FROM audit_events e
  WHERE e.entity = 'submission' AND e.entity_id = n.submission_id AND e.action = 'followup'
    AND e.at = n.at AND e.after ->> 'followup' = n.text
)
ORDER BY n.at, n.id;
--> statement-breakpoint
COMMENT ON TABLE followup_notes IS 'Follow-up notes up to migration 0011, kept as written; since then each note is its audit_events entry (action followup).';
