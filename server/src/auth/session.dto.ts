import { ApiProperty } from '@nestjs/swagger';
import {
  ROLES,
  VIEWS,
  defaultViewFor,
  type ApprovalStepGrant,
  type DerivedRoles,
  type Role,
  type SessionResponse,
  type View,
} from '@paddock/rules';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import type { ProviderUserDetail } from '../provider/provider.gateway';

export class LoginDto {
  @ApiProperty({ example: 'mario.rossi' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  username: string;

  @ApiProperty({ format: 'password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  password: string;
}

export class TokenLoginDto {
  @ApiProperty({ description: 'A provider token obtained by single sign-on' })
  @IsString()
  @Matches(/^[\x21-\x7e]{1,4096}$/, { message: 'token must be printable ASCII without spaces' })
  token: string;
}

export class ApprovalStepDto implements ApprovalStepGrant {
  @ApiProperty({ example: 'MARKETING' })
  department: string;

  @ApiProperty({ example: 1 })
  step: number;
}

export class LinkedGroupDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ example: 'L/MARKETING' })
  name: string;
}

/** GET /api/session and the sign-in answers (SessionResponse of @paddock/rules). */
export class SessionResponseDto implements SessionResponse {
  @ApiProperty()
  username: string;

  @ApiProperty()
  firstName: string;

  @ApiProperty()
  lastName: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  companyName: string;

  @ApiProperty({ type: String, nullable: true })
  imageUser: string | null;

  @ApiProperty({ enum: ROLES, isArray: true })
  roles: Role[];

  @ApiProperty({ type: String, nullable: true })
  department: string | null;

  @ApiProperty({ description: 'False only for branch-sharing users' })
  departmentRestricted: boolean;

  @ApiProperty({ type: [ApprovalStepDto] })
  approvalSteps: ApprovalStepDto[];

  @ApiProperty({ enum: VIEWS })
  defaultView: View;

  @ApiProperty({ type: [LinkedGroupDto] })
  linkedGroups: LinkedGroupDto[];

  @ApiProperty()
  clientId: string;

  @ApiProperty({
    description: 'Send back as x-csrf-token on cookie-authenticated POST, PUT, PATCH and DELETE',
  })
  csrfToken: string;
}

export function toSessionResponse(
  user: ProviderUserDetail,
  derived: DerivedRoles,
  clientId: string,
  csrfToken: string,
): SessionResponseDto {
  return {
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    companyName: user.companyName,
    imageUser: user.imageUrl,
    roles: derived.roles,
    department: derived.department,
    departmentRestricted: derived.departmentRestricted,
    approvalSteps: derived.approvalSteps,
    defaultView: defaultViewFor(derived.primaryRole),
    linkedGroups: user.linkedGroups.filter((g) => g.active).map((g) => ({ id: g.id, name: g.name })),
    clientId,
    csrfToken,
  };
}
