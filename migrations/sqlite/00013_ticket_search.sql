-- +goose Up
-- Searching tickets by the words of the title or the author's name: a full-text index
-- kept by triggers, so a search reads the matching tickets instead of every title.
-- Accents are folded, so 'vehiculo' finds 'vehículo'.
CREATE VIRTUAL TABLE `tickets_search` USING fts5(
  `title`, `author_name`, content='tickets', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
INSERT INTO `tickets_search` (`tickets_search`) VALUES ('rebuild');

-- +goose StatementBegin
CREATE TRIGGER `tickets_search_insert` AFTER INSERT ON `tickets` BEGIN
  INSERT INTO `tickets_search` (`rowid`, `title`, `author_name`) VALUES (NEW.id, NEW.title, NEW.author_name);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `tickets_search_delete` AFTER DELETE ON `tickets` BEGIN
  INSERT INTO `tickets_search` (`tickets_search`, `rowid`, `title`, `author_name`)
    VALUES ('delete', OLD.id, OLD.title, OLD.author_name);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `tickets_search_update` AFTER UPDATE OF `title`, `author_name` ON `tickets`
WHEN OLD.title IS NOT NEW.title OR OLD.author_name IS NOT NEW.author_name
BEGIN
  INSERT INTO `tickets_search` (`tickets_search`, `rowid`, `title`, `author_name`)
    VALUES ('delete', OLD.id, OLD.title, OLD.author_name);
  INSERT INTO `tickets_search` (`rowid`, `title`, `author_name`) VALUES (NEW.id, NEW.title, NEW.author_name);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER `tickets_search_update`;
DROP TRIGGER `tickets_search_delete`;
DROP TRIGGER `tickets_search_insert`;
DROP TABLE `tickets_search`;
