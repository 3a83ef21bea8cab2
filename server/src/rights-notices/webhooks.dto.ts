import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_LIMITS,
  type RegisterWebhookRequest,
  type RegisteredWebhook,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@paddock/rules';
import { IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsLatin1 } from '../common/latin1.validator';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from './rights-notices.repository';

export class WebhookIdParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class RegisterWebhookDto implements RegisterWebhookRequest {
  @ApiProperty({
    description: 'http(s) address the notices are POSTed to; not the portal itself',
    maxLength: WEBHOOK_LIMITS.urlMaxLength,
  })
  @IsString()
  @MaxLength(WEBHOOK_LIMITS.urlMaxLength)
  url!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "Department code whose assets it hears; null: every department's",
  })
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(/^[a-z0-9]{1,40}$/i)
  department!: string | null;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @IsLatin1()
  description?: string;
}

export class WebhookDeliveryDto implements WebhookDeliveryView {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'A rights event, or test' }) event!: string;
  @ApiProperty({ type: String, nullable: true }) assetId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The asset's name as the notice told it" })
  assetName!: string | null;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATES }) state!: WebhookDeliveryState;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: Number, nullable: true }) lastStatus!: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) deliveredAt!: string | null;
}

export class WebhookEndpointDto implements WebhookEndpointView {
  @ApiProperty() id!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ type: String, nullable: true }) department!: string | null;
  @ApiProperty() description!: string;
  @ApiProperty() active!: boolean;
  @ApiProperty() createdBy!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: [WebhookDeliveryDto], description: 'The newest deliveries first' })
  deliveries!: WebhookDeliveryDto[];
}

export class RegisteredWebhookDto extends WebhookEndpointDto implements RegisteredWebhook {
  @ApiProperty({ description: 'The signing secret: shown this once' }) secret!: string;
}

/** The asset's name from a delivery's body (as sent), or null. */
function assetNameOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const name = typeof parsed === 'object' && parsed !== null ? (parsed as { name?: unknown }).name : null;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export function toWebhookDeliveryResponse(d: WebhookDeliveryRecord): WebhookDeliveryDto {
  return {
    id: d.id,
    event: d.event,
    assetId: d.assetId,
    assetName: assetNameOf(d.body),
    state: d.state,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  };
}

export function toWebhookEndpointResponse(
  e: WebhookEndpointRecord,
  deliveries: readonly WebhookDeliveryRecord[],
): WebhookEndpointDto {
  return {
    id: e.id,
    url: e.url,
    department: e.department,
    description: e.description,
    active: e.active,
    createdBy: e.createdBy,
    createdAt: e.createdAt.toISOString(),
    deliveries: deliveries.map(toWebhookDeliveryResponse),
  };
}
