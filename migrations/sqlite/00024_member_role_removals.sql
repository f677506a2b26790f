-- +goose Up
-- Roles the portal took off a member (a dismissal) that Discord has not yet confirmed
-- removing. While a row is here and its outbox event is still live, the role sync leaves
-- the role off the member, so a refused removal cannot give the role back.
CREATE TABLE `member_role_removals` (
  `member_id` text,
  `role_id` text,
  `event_id` integer NOT NULL,
  `ordered_at` datetime NOT NULL,
  PRIMARY KEY (`member_id`,`role_id`)
);

-- +goose Down
DROP TABLE `member_role_removals`;
