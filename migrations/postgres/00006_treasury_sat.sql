-- +goose Up
-- Prices are hundredths of the currency; the discount is hundredths of a percent.
CREATE TABLE sales (
    id bigserial PRIMARY KEY,
    buyer_discord_id varchar(32) NOT NULL,
    buyer_username varchar(100) NOT NULL DEFAULT '',
    buyer_avatar varchar(100) NOT NULL DEFAULT '',
    item varchar(40) NOT NULL,
    currency varchar(5) NOT NULL,
    original_price bigint NOT NULL,
    discount_bp bigint NOT NULL DEFAULT 0,
    final_price bigint NOT NULL,
    seller_id varchar(32) NOT NULL,
    seller_name varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    voided_at timestamptz,
    voided_by varchar(100) NOT NULL DEFAULT '',
    void_reason text NOT NULL DEFAULT ''
);
CREATE INDEX idx_sales_item ON sales (item);
CREATE INDEX idx_sales_seller_id ON sales (seller_id);
CREATE INDEX idx_sales_created_at ON sales (created_at);

CREATE TABLE businesses (
    id bigserial PRIMARY KEY,
    name varchar(100) NOT NULL,
    location varchar(200) NOT NULL,
    server varchar(64) NOT NULL,
    rfc varchar(13) NOT NULL,
    owner_name varchar(100) NOT NULL,
    owner_discord_id varchar(32) NOT NULL,
    owner_avatar varchar(100) NOT NULL DEFAULT '',
    logo_key varchar(200) NOT NULL DEFAULT '',
    logo_type varchar(100) NOT NULL DEFAULT '',
    status varchar(10) NOT NULL DEFAULT 'active',
    created_by varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
-- One business per tax id, even when two registrations race.
CREATE UNIQUE INDEX idx_businesses_rfc ON businesses (rfc);
CREATE INDEX idx_businesses_created_at ON businesses (created_at);

CREATE TABLE business_documents (
    id bigserial PRIMARY KEY,
    business_id bigint NOT NULL,
    storage_key varchar(200) NOT NULL,
    filename varchar(200) NOT NULL,
    content_type varchar(100) NOT NULL,
    size bigint NOT NULL,
    CONSTRAINT fk_business_documents_business FOREIGN KEY (business_id) REFERENCES businesses(id) ON DELETE CASCADE
);
CREATE INDEX idx_business_documents_business_id ON business_documents (business_id);
