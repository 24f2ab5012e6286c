-- The text of a chat's messages for its search vector (history.search): every message's content in order,
-- at most 100,000 characters, so that no chat is ever too large for a tsvector (1 MB: even text of
-- distinct hyphenated words, indexed whole and in parts, stays well below it).
CREATE OR REPLACE FUNCTION chat_search_text(messages jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT left(coalesce(string_agg(m->>'content', E'\n'), ''), 100000) FROM jsonb_array_elements(messages) AS m $$;
--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, chat_search_text(messages)), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "history_search_index" ON "history" USING gin ("search");