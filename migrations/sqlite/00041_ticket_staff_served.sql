-- +goose Up
-- For each staff member and each player, how many of the player's tickets the member
-- answered: a member's figures (tickets answered, people served) read their own rows
-- instead of joining every reply they ever wrote with its ticket. Kept by the reply that is
-- a member's first on a ticket; filled here from the replies.
CREATE TABLE `ticket_staff_served` (
  `member_id` text,
  `author_id` text,
  `tickets` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`member_id`,`author_id`)
);
INSERT INTO `ticket_staff_served` (`member_id`, `author_id`, `tickets`)
SELECT m.`sender_id`, t.`author_id`, COUNT(DISTINCT m.`ticket_id`)
FROM `ticket_messages` m JOIN `tickets` t ON t.`id` = m.`ticket_id`
WHERE m.`sender_type` = 'staff' AND m.`sender_id` <> ''
GROUP BY m.`sender_id`, t.`author_id`;

-- +goose Down
DROP TABLE `ticket_staff_served`;
