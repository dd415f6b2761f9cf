<?php

declare(strict_types=1);

namespace App\Http\Controllers;

use App\Models\User;
use Illuminate\Http\{Request, JsonResponse as Json};

require_once __DIR__ . '/helpers.php';
require_once 'bootstrap.php';

const DEFAULT_PAGE = 1;

/**
 * Handles users.
 */
#[Controller]
#[Middleware('auth')]
final class UserController extends Controller implements HasRoutes
{
    use AuthorizesRequests;

    public const PER_PAGE = 20;
    private int $hits = 0, $misses = 0;
    protected ?User $current = null;

    public function __construct(private readonly UserRepository $users)
    {
    }

    /** Lists users. */
    #[Route('GET', '/users')]
    public function index(Request $request): Json
    {
        return new Json($this->users->page(self::PER_PAGE));
    }

    abstract protected function authorize(string $ability): bool;

    public static function routes(): array
    {
        return ['index'];
    }
}

interface HasRoutes
{
    public static function routes(): array;
}

trait Paginates
{
    public function page(int $n): array
    {
        return [];
    }
}

enum Role: string
{
    case Admin = 'admin';
    case Guest = 'guest';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}

function user_url(User $user): string
{
    return '/users/' . $user->id;
}

if (!function_exists('app_path')) {
    function app_path(string $path = ''): string
    {
        return __DIR__ . $path;
    }
}
